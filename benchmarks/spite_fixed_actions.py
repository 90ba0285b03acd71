"""What a fixed action encoding of Spite would cut: the measurement behind keeping Spite's OpenSpiel
and RL actions a per-state index (docs/openspiel.md, "Spite: a per-state index").

Run:  python benchmarks/spite_fixed_actions.py [ROUNDS]   (default 400 rounds per table: 1,600)

Plays the rounds of ``benchmarks/rl_actions.py`` (3, 4, 6 and 9 players; random, greedy and mixed
tables; round ``n`` dealt from seed ``n`` under the automatic referee) and, at every decision,
names each of the seat's moves (``turn_moves``) by the most compact fixed encoding that keeps what
a player decides apart from the cards' suits: **the ranks of the cards played** (a fake joker by
its face's rank, marked fake; a wild 13 and the joker as themselves), **with every announcement**
(buy-back count, "higher"/"lower", "come at me", "unbeatable", face-down, earned, bounty claim),
a come-at-me reward by its count and the ranks given and taken, a discard-and-draw reward by the
ranks discarded and the count drawn, a pass. Moves of one decision with the same name cannot all
have an id: a canonical rule (say, the first in the engine's order) keeps one and cuts the rest.
Prints the moves and decisions cut, against the per-state index's bound of 512, and how many
distinct names the rounds used (a lower bound on such a table's size), beside the distinct moves
named by their faces (``repr`` of the move without its seat: the fixed table that cuts nothing).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from spite_rules.actions import DiscardAndDraw, Pass, Play, TakeReward
from spite_rules.rl.actions import ACTION_BOUND, turn_moves

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rl_actions import decisions as seeded_decisions  # noqa: E402  (the same seeded rounds)


def name(move: Any) -> tuple[object, ...]:
    """A move's name under the suitless fixed encoding (see the module's docstring)."""
    if isinstance(move, Play):
        ranks = tuple(sorted((card.rank.value, card.fake) for card in move.cards))
        return ("play", ranks, move.buy_back, move.direction, move.come_at_me, move.unbeatable, move.face_down,
                move.earned, move.bounty_claim)
    if isinstance(move, TakeReward):
        return ("reward", move.count, move.give.rank if move.give else None, move.take.rank if move.take else None)
    if isinstance(move, DiscardAndDraw):
        return ("discard", tuple(sorted(card.rank.value for card in move.discard)), move.draw)
    if isinstance(move, Pass):
        return ("pass",)
    return (type(move).__name__,)


def main() -> int:
    rest = [word for word in sys.argv[1:] if not word.startswith("--")]
    rounds = int(rest[0]) if rest else 400
    decisions = moves_total = cut_moves = cut_decisions = over_bound = over_bound_moves = 0
    names: Counter[tuple[object, ...]] = Counter()
    faces: set[str] = set()
    started = time.perf_counter()
    for players in (3, 4, 6, 9):
        for state in seeded_decisions(rounds, players):
            moves = turn_moves(state)
            decisions += 1
            moves_total += len(moves)
            named = [name(move) for move in moves]
            names.update(set(named))
            faces.update(repr(move).split(",", 1)[-1] for move in moves)
            lost = len(named) - len(set(named))
            cut_moves += lost
            cut_decisions += lost > 0
            if len(moves) > ACTION_BOUND:
                over_bound += 1
                over_bound_moves += len(moves) - ACTION_BOUND
        print(f"  {players} players done ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    print(f"{decisions} decisions, {moves_total} legal moves over {4 * rounds} rounds (3, 4, 6, 9 players; "
          "random, greedy, mixed)")
    print(f"suitless fixed encoding: cuts {cut_moves} moves ({cut_moves / moves_total:.2%}) "
          f"in {cut_decisions} decisions ({cut_decisions / decisions:.2%}); {len(names)} distinct names used")
    print(f"named by their faces (nothing cut): {len(faces)} distinct moves used")
    print(f"per-state index (bound {ACTION_BOUND}): cuts {over_bound_moves} moves ({over_bound_moves / moves_total:.4%}) "
          f"in {over_bound} decisions ({over_bound / decisions:.4%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
