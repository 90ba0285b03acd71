"""Readable transcripts of seeded bot games: every action and every event, one per line.

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

The suite regenerates the golden transcripts in tests/golden/ and compares them, so any change of
behaviour shows up as a reviewable diff. Regenerate one with
``spite-rules transcript --players 4 --rounds 2 --seed 1 > tests/golden/4p-seed1.txt``.

>>> print(transcript(3, seed=5, rounds=1).splitlines()[0])
# spite_rules transcript: ruleset 000-r3, 3 players, seed 5, 1 round, bots greedy,random,random (seat 0 first)
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from spite_rules.bots import BOTS, Bot, play_deal
from spite_rules.core.grammar import count
from spite_rules.narrate import describe_event
from spite_rules.round import new_game, next_round
from spite_rules.rules import Referee, Rules

__all__ = ["transcript"]


def transcript(
    players: int, *, seed: int, rounds: int = 1, bots: Sequence[str] = ("greedy", "random", "random"),
    referee: Referee = Referee.AUTOMATIC, ruleset: str = "000",
) -> str:
    """The transcript of a seeded game of ``rounds`` rounds played by ``bots`` (cycled over seats),
    under the named ``ruleset`` (its version heads the transcript).

    >>> "round over" in transcript(3, seed=5)
    True
    """
    seat_bots = [bots[seat % len(bots)] for seat in range(players)]
    table: list[Bot[Any, Any]] = [BOTS[name](seed * 31 + seat) for seat, name in enumerate(seat_bots)]
    rules = Rules.ruleset(ruleset, referee=referee)
    state = new_game([f"{table[i].name}{i}" for i in range(players)], seed=seed, rules=rules)
    lines = [
        f"# spite_rules transcript: ruleset {rules.version}, {players} players, seed {seed}, "
        f"{count(rounds, 'round')}, bots {','.join(seat_bots)} (seat 0 first)"
    ]
    for number in range(rounds):
        if number:
            state, events = next_round(state)
            lines.extend(f"  {describe_event(event, state.names)}" for event in events)
        lines.append(f"## round {state.round_number}; bounty {state.bounty}")
        for seat, hand in enumerate(state.hands):
            lines.append(f"  deal {state.names[seat]}: {' '.join(str(card) for card in hand)}")
        state, _ = play_deal(state, table, told=lines)
    lines.append("standings: " + ", ".join(f"{name} {score:+d}" for name, score in state.standings))
    return "\n".join(lines) + "\n"
