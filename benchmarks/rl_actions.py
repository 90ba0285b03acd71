"""How many moves a seat has to choose from: the measurement behind the RL action bound.

Run:  python benchmarks/rl_actions.py [ROUNDS]     (default 400 rounds per table)
      python benchmarks/rl_actions.py --game malice [GAMES]   (default 200 games per table)

Plays seeded rounds (3, 4, 6 and 9 players; random bots, greedy bots, and a mix) and counts, at
every decision of the seat to act, the moves the RL environment indexes (its own moves, calls
excluded). Prints the distribution, the largest count seen, and the fraction of decisions that
exceed each candidate bound, among them the bound the environment uses
(``spite_rules.rl.ACTION_BOUND``).

With ``--game malice``: seeded Spite and Malice games of every preset at 2 players (and the common
preset at 4 and 6), random, greedy and mixed tables, counted the same way, per preset and in all;
Spite and Malice's environments number moves by a fixed table (``spite_rules.malice.action_ids``),
so each decision is also checked to give every legal move its own id, and the ids used are counted
against the table's size.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator, Sequence

import spite_rules as sr
from spite_rules.bots import GreedyBot, RandomBot, next_bot_action
from spite_rules.rl.actions import ACTION_BOUND, turn_moves


def report(counts: Counter[int], bound: int, candidates: Sequence[int], label: str) -> None:
    """The distribution of ``counts`` (moves per decision) and the share past each candidate."""
    total = sum(counts.values())
    ordered = sorted(counts.elements())
    print(label)
    for q in (0.5, 0.9, 0.99, 0.999):
        print(f"  {q:.1%} of decisions have at most {ordered[int(q * (total - 1))]} moves")
    print(f"  largest: {ordered[-1]} moves")
    for candidate in candidates:
        over = sum(count for size, count in counts.items() if size > candidate)
        mark = "  <- ACTION_BOUND" if candidate == bound else ""
        print(f"  more than {candidate:>4}: {over} decisions ({over / total:.4%}){mark}")


def malice(games: int) -> int:
    """Spite and Malice's measurement (see the module's docstring)."""
    import spite_rules.malice as sm
    from spite_rules.malice.action_ids import action_table

    tables = [(preset, 2) for preset in sm.PRESETS] + [("common", 4), ("common", 6)]
    everything: Counter[int] = Counter()
    for preset, players in tables:
        counts: Counter[int] = Counter()
        ids = action_table(sm.Rules.preset(preset), players)
        used: set[int] = set()
        for number in range(games):
            kind = number % 3
            table = [
                RandomBot(number * 10 + seat) if kind == 0 or (kind == 2 and seat % 2) else sm.GreedyBot(seat)
                for seat in range(players)
            ]
            state = sm.new_game(players, seed=number, rules=sm.Rules.preset(preset))
            while not state.game_over:
                moves = turn_moves(state)
                counts[len(moves)] += 1
                legal = ids.legal_ids(state, moves)
                assert len(legal) == len(moves), "two legal moves share an action id"
                used.update(legal)
                action = next_bot_action(state, table)
                assert action is not None
                state, _ = sm.apply(state, action)
        everything.update(counts)
        report(counts, 0, (32, 64, 128), f"{preset}, {players} players: "
               f"{sum(counts.values())} decisions over {games} games (random, greedy, mixed)")
        print(f"  action table: {ids.size} ids, {len(used)} of them used; every legal move had its own id")
    report(everything, 0, (32, 64, 128), f"all tables: {sum(everything.values())} decisions")
    return 0


def decisions(rounds: int, players: int) -> Iterator[sr.State]:
    """Every decision of ``rounds`` seeded rounds at ``players`` seats, as the state the seat to act
    decides in (the table's bots then play on): round ``n`` dealt from seed ``n`` under the automatic
    referee, its table random, greedy or mixed as ``n % 3`` says. ``spite_fixed_actions.py`` plays
    the same rounds."""
    for number in range(rounds):
        kind = number % 3
        table = [
            RandomBot(number * 10 + seat) if kind == 0 or (kind == 2 and seat % 2) else GreedyBot(seat)
            for seat in range(players)
        ]
        state = sr.new_game(players, seed=number, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
        while not state.round_over:
            yield state
            action = next_bot_action(state, table)
            assert action is not None
            state, _ = sr.apply(state, action)


def main() -> int:
    if "--game" in sys.argv:
        rest = [word for word in sys.argv[1:] if word not in ("--game", "malice", "spite")]
        if "malice" in sys.argv:
            return malice(int(rest[0]) if rest else 200)
    rest = [word for word in sys.argv[1:] if not word.startswith("--") and word != "spite"]
    rounds = int(rest[0]) if rest else 400
    counts: Counter[int] = Counter()
    for players in (3, 4, 6, 9):
        for state in decisions(rounds, players):
            counts[len(turn_moves(state))] += 1
    total = sum(counts.values())
    ordered = sorted(counts.elements())
    print(f"{total} decisions over {4 * rounds} rounds (3, 4, 6, 9 players; random, greedy, mixed)")
    for q in (0.5, 0.9, 0.99, 0.999):
        print(f"  {q:.1%} of decisions have at most {ordered[int(q * (total - 1))]} moves")
    print(f"  largest: {ordered[-1]} moves")
    for bound in (64, 128, 256, ACTION_BOUND, 1024):
        over = sum(count for size, count in counts.items() if size > bound)
        mark = "  <- ACTION_BOUND" if bound == ACTION_BOUND else ""
        print(f"  more than {bound:>4}: {over} decisions ({over / total:.4%}){mark}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
