"""The same play, whatever the build: one sha256 over seeded random games of both games.

Every offered move tuple, every state and every event of 500 seeded Spite rounds (200 with 4
players, 150 with 7, 150 with 5 and a called referee) and of 40 seeded Spite and Malice games per
preset (2 players) is hashed in its JSON form (``to_data``, keys sorted), so a change of inner
representation (slots, dicts, ints, a compiled build) that keeps the public values keeps the hash,
and a change of behaviour does not.

Run:  python benchmarks/same_play.py            (both games, one line each and a total)
      python benchmarks/same_play.py --spite    (Spite only)
      python benchmarks/same_play.py --malice   (Spite and Malice only)

Two builds play the same when their lines are equal. This is a check, not a timed test.
benchmarks/same_play.expected records the lines: .ci/compiled checks the compiled build against it,
and a change of play updates it in the same commit, with the reason, as the golden playthroughs are
(``python benchmarks/same_play.py > benchmarks/same_play.expected`` on the pure build).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

import spite_rules as sr
import spite_rules.malice as sm
from spite_rules.rules import Referee
from spite_rules.core.serialization import to_data


def _feed(digest: Any, value: Any) -> None:
    """Hash ``value``'s JSON form (a tuple of values as a list of their forms)."""
    if isinstance(value, tuple):
        form: Any = [to_data(item) for item in value]
    else:
        form = to_data(value)
    digest.update(json.dumps(form, sort_keys=True).encode())


def spite_hash() -> str:
    """sha256 over 500 seeded random Spite rounds."""
    digest = hashlib.sha256()
    plan = [(4, Referee.AUTOMATIC)] * 200 + [(7, Referee.AUTOMATIC)] * 150
    plan += [(5, Referee.CALLED)] * 150
    for seed, (players, referee) in enumerate(plan):
        state = sr.new_game(players, seed=seed, rules=sr.Rules(referee=referee))
        chooser = random.Random(seed)
        while not state.round_over:
            moves = sr.legal_moves(state)
            _feed(digest, moves)
            state, events = sr.apply(state, chooser.choice(moves))
            _feed(digest, state)
            _feed(digest, events)
    return digest.hexdigest()


def malice_hash(games: int = 40) -> str:
    """sha256 over ``games`` seeded random Spite and Malice games per preset."""
    digest = hashlib.sha256()
    for preset in sm.PRESETS:
        rules = sm.Rules.preset(preset)
        for seed in range(games):
            state = sm.new_game(2, seed=seed, rules=rules)
            chooser = random.Random(seed)
            while not state.game_over:
                moves = sm.legal_moves(state)
                _feed(digest, moves)
                state, events = sm.apply(state, chooser.choice(moves))
                _feed(digest, state)
                _feed(digest, events)
    return digest.hexdigest()


def main() -> None:
    """Print each game's hash and, for both, their combined hash."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spite", action="store_true", help="Spite only")
    parser.add_argument("--malice", action="store_true", help="Spite and Malice only")
    args = parser.parse_args()
    lines = []
    if not args.malice:
        lines.append(f"spite  {spite_hash()}")
    if not args.spite:
        lines.append(f"malice {malice_hash()}")
    for line in lines:
        print(line)
    if len(lines) == 2:
        print("both   " + hashlib.sha256("".join(lines).encode()).hexdigest())


if __name__ == "__main__":
    main()
