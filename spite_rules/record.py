"""Game records and replays: a game is (rules, seed, players, actions), nothing more.

>>> record = GameRecord(players=("ann", "bob", "cy"), seed=4)
>>> state, _ = replay(record)
>>> state == new_game(["ann", "bob", "cy"], seed=4)
True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from spite_rules.actions import Action
from spite_rules.events import Event
from spite_rules.round import apply, new_game, next_round
from spite_rules.rules import Rules
from spite_rules.state import State

__all__ = ["RoundRecord", "GameRecord", "replay"]


@attrs.frozen
class RoundRecord:
    """One round of a record: the late joiners seated before it, and its actions in order."""

    actions: tuple[Action, ...] = ()
    late_joiners: tuple[str, ...] = ()


@attrs.frozen
class GameRecord:
    """Everything needed to rebuild a game exactly: rules, seed, the seats' names, and each
    round's actions (the first round has no joiners)."""

    players: tuple[str, ...]
    seed: int
    rules: Rules = Rules()
    rounds: tuple[RoundRecord, ...] = (RoundRecord(),)

    def with_action(self, action: Action) -> GameRecord:
        """The record with ``action`` added to its latest round."""
        last = self.rounds[-1]
        return attrs.evolve(
            self, rounds=self.rounds[:-1] + (attrs.evolve(last, actions=last.actions + (action,)),)
        )

    def with_next_round(self, late_joiners: Sequence[str] = ()) -> GameRecord:
        """The record with a new round begun (after the latest one ended)."""
        return attrs.evolve(
            self, rounds=self.rounds + (RoundRecord(late_joiners=tuple(late_joiners)),)
        )


def replay(record: GameRecord) -> tuple[State, tuple[Event, ...]]:
    """Rebuild the exact state and the whole event stream of a recorded game.

    Raises IllegalAction if an action could not have been taken (a corrupt record).

    >>> record = GameRecord(players=("a", "b", "c"), seed=2)
    >>> state, events = replay(record.with_action(legal_moves(new_game(["a", "b", "c"], seed=2))[0]))
    >>> len(events) > 0
    True
    """
    state = new_game(list(record.players), seed=record.seed, rules=record.rules)
    stream: list[Event] = []
    for index, round_record in enumerate(record.rounds):
        if index:
            state, events = next_round(state, round_record.late_joiners)
            stream.extend(events)
        for action in round_record.actions:
            state, events = apply(state, action)
            stream.extend(events)
    return state, tuple(stream)
