"""Game-neutral: game records and replays. A game is (game, rules, seed, players, actions).

Layer: core — knows no game: may import only the cards and the errors.

A record names its game (``"spite"`` by default) and is replayed through the registry
(:func:`spite_rules.core.engine.game`), so one record type serves every game of the library.

>>> record = GameRecord(players=("ann", "bob", "cy"), seed=4)
>>> state, _ = replay(record)
>>> state == new_game(["ann", "bob", "cy"], seed=4)
True
>>> record.game, record.rules == Rules()
('spite', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from spite_rules.core.engine import game as _game

__all__ = ["RoundRecord", "GameRecord", "replay"]


@attrs.frozen
class RoundRecord:
    """One deal of a record (a Spite round, a Spite and Malice game of a series): the late joiners
    seated before it, and its actions in order."""

    actions: tuple[Any, ...] = ()
    late_joiners: tuple[str, ...] = ()


@attrs.frozen
class GameRecord:
    """Everything needed to rebuild a game exactly: its game, rules, seed, the seats' names, and
    each deal's actions (the first deal has no joiners). ``rules`` defaults to the game's own
    default rules."""

    game: str = attrs.field(default="spite", kw_only=True)
    players: tuple[str, ...]
    seed: int
    rules: Any = attrs.field(
        default=attrs.Factory(lambda record: _game(record.game).default_rules(), takes_self=True)
    )
    rounds: tuple[RoundRecord, ...] = (RoundRecord(),)

    def with_action(self, action: Any) -> GameRecord:
        """The record with ``action`` added to its latest deal."""
        last = self.rounds[-1]
        return attrs.evolve(
            self, rounds=self.rounds[:-1] + (attrs.evolve(last, actions=last.actions + (action,)),)
        )

    def with_next_round(self, late_joiners: Sequence[str] = ()) -> GameRecord:
        """The record with a new deal begun (after the latest one ended)."""
        return attrs.evolve(
            self, rounds=self.rounds + (RoundRecord(late_joiners=tuple(late_joiners)),)
        )


def replay(record: GameRecord) -> tuple[Any, tuple[Any, ...]]:
    """Rebuild the exact state and the whole event stream of a recorded game, through its game.

    Raises IllegalAction if an action could not have been taken (a corrupt record).

    >>> record = GameRecord(players=("a", "b", "c"), seed=2)
    >>> state, events = replay(record.with_action(legal_moves(new_game(["a", "b", "c"], seed=2))[0]))
    >>> len(events) > 0
    True
    """
    played = _game(record.game)
    state = played.new_game(list(record.players), seed=record.seed, rules=record.rules)
    stream: list[Any] = []
    for index, round_record in enumerate(record.rounds):
        if index:
            state, events = played.next_round(state, round_record.late_joiners)
            stream.extend(events)
        for action in round_record.actions:
            state, events = played.apply(state, action)
            stream.extend(events)
    return state, tuple(stream)
